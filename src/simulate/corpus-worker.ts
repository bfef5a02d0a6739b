// Worker thread entry of the corpus pool (piscina): a task is a batch of records.
import { refereeBatch, type CorpusTask, type CorpusPart } from "./corpus-referee.js";

export default function runTask(task: CorpusTask): CorpusPart {
  return refereeBatch(task);
}
