import { csvParseScenario } from '../lib/csvParse.ts';

export default csvParseScenario('csv-parse-100k', 100_000, '100k');
