// Loaded into the server with --require when the benchmark runs with --profile: records a CPU
// profile of the whole run and writes it to BENCH_PROFILE_DIR when the process is asked to stop.
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `server-${process.pid}-${Date.now()}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
    });
  };
  process.prependListener('SIGTERM', write);
  process.prependListener('SIGINT', write);
}
