// Markdown for a filled template, honouring heading level/bold, label/bold_label,
// list_type, formatting_style and hideIfEmpty.
import type { TemplateSection } from '../../ports.ts';

type Content = Exclude<TemplateSection, { type: 'heading' }>;

function isEmpty(section: Content): boolean {
  if (section.type === 'list') return !section.result || section.result.length === 0;
  return !section.result || section.result.trim() === '';
}

function plain(section: Content): boolean {
  const style = section.properties?.formatting_style;
  return typeof style === 'string' && /plain|text/i.test(style);
}

function renderContent(section: Content): string | undefined {
  const props = section.properties ?? {};
  if (isEmpty(section) && props.hideIfEmpty) return undefined;
  const label = typeof props.label === 'string' && props.label.trim() ? props.label.trim() : undefined;
  const labelText = label ? (props.bold_label && !plain(section) ? `**${label}:**` : `${label}:`) : undefined;
  if (section.type === 'text') {
    const body = section.result?.trim() ?? '';
    if (labelText) return body ? `${labelText} ${body}` : labelText;
    return body || undefined;
  }
  const numbered = typeof props.list_type === 'string' && /numer|number|ordered/i.test(props.list_type);
  const items = (section.result ?? []).map((item, i) => `${numbered ? `${i + 1}.` : '-'} ${item}`);
  const lines = labelText ? [labelText, ...items] : items;
  return lines.length ? lines.join('\n') : undefined;
}

function renderSection(section: TemplateSection): string | undefined {
  if (section.type !== 'heading') return renderContent(section);
  const children = section.children.map(renderSection).filter((c): c is string => c !== undefined);
  const contentChildren = section.children.filter((c): c is Content => c.type !== 'heading');
  // A heading whose every child is empty and hidden disappears with them.
  if (section.children.length > 0 && children.length === 0 && contentChildren.length === section.children.length && contentChildren.every((c) => c.properties?.hideIfEmpty)) {
    return undefined;
  }
  const level = Math.min(6, Math.max(1, Number(section.properties.level ?? 1)));
  const text = section.properties.bold ? `**${section.properties.text}**` : section.properties.text;
  return [`${'#'.repeat(level)} ${text}`, ...children].join('\n\n');
}

export function renderMarkdown(sections: TemplateSection[]): string {
  return sections
    .map(renderSection)
    .filter((s): s is string => s !== undefined)
    .join('\n\n')
    .concat('\n');
}
