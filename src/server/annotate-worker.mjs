// Worker entry: worker threads start as plain Node, so register tsx before loading the TS module
// (the same way bin/glosa.mjs starts the CLI).
import { register } from 'tsx/esm/api';

register();
const { default: annotateInWorker } = await import('./annotate-worker.ts');
export default annotateInWorker;
