// Reads a JSON list of QTI 2.1 item documents on stdin; prints the list converted to QTI 3.0
// by @citolab/qti-convert (its node entry's convertQti2toQti3), in the same order.
import { convertQti2toQti3 } from "@citolab/qti-convert/qti-convert-node";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const converted = [];
for (const xml of JSON.parse(input)) converted.push(await convertQti2toQti3(xml));
process.stdout.write(JSON.stringify(converted));
