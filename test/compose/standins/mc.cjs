// `mc ready <alias>`: exits 0 once the local S3 endpoint answers, 1 otherwise (MinIO's probe).
const [command] = process.argv.slice(2);
if (command !== 'ready') {
  console.error('stand-in mc knows only `mc ready <alias>`');
  process.exit(2);
}
fetch('http://127.0.0.1:9000/', { signal: AbortSignal.timeout(5000) }).then(
  () => process.exit(0),
  () => process.exit(1),
);
