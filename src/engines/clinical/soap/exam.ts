// Body area of an examination finding, for objective.physicalExam.<area>.
export { examArea } from '../language/index.ts';
