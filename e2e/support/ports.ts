/** The stack the e2e suite starts listens here (gateway) and on SERVICES_BASE_PORT+1..3. */
export const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8181);
export const E2E_SERVICES_BASE_PORT = Number(process.env.E2E_SERVICES_BASE_PORT ?? 4180);
