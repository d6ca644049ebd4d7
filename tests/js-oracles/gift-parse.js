// Reads a GIFT file on stdin; prints what gift-pegjs parses it into, as JSON.
const { parse } = require("gift-pegjs");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(parse(input))); });
