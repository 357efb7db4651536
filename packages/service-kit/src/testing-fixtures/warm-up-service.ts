// A deployable for run-service.test.ts: its warm-up asks itself for /page and holds until
// /release is asked, so the test can read /readyz while it runs. WARM_UP_FAILS makes it throw.
import { z } from 'zod';
import { createServiceApp, runService, serviceEnv } from '../index.js';

void runService({
  name: 'warm-up-fixture',
  config: z.object({ ...serviceEnv(0), WARM_UP_FAILS: z.string().optional() }),
  build({ config, runtime }) {
    const app = createServiceApp(runtime);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    app.use(async (ctx, next) => {
      if (ctx.path === '/page') {
        asked.push(runtime.health.phase);
        runtime.log.info('page asked');
        ctx.body = 'page';
      } else if (ctx.path === '/release') {
        release();
        ctx.body = 'released';
      } else if (ctx.path === '/asked') {
        ctx.body = asked;
      } else await next();
    });
    return {
      app,
      async warmUp(origin: string) {
        const res = await fetch(`${origin}/page`);
        if (!res.ok) throw new Error(`warm-up: ${res.status}`);
        await released;
        if (config.WARM_UP_FAILS) throw new Error('the warm-up failed as asked');
      },
    };
  },
});
