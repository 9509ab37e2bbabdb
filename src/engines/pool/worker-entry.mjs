// Worker-thread bootstrap: teaches the thread TypeScript (tsx) unless the process was started
// with `--import tsx` (then every thread already has it), and hands piscina the task handler.
const preloaded = process.execArgv.some((arg, i, all) => arg.includes('tsx') && (arg.startsWith('--import') || all[i - 1] === '--import'));
if (!preloaded) {
  const { register } = await import('tsx/esm/api');
  register();
}
const worker = await import('./worker.ts');
export default worker.default;
