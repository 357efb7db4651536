/** The stack the e2e suite starts listens here (gateway) and on SERVICES_BASE_PORT+1..4. */
export const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8181);
export const E2E_SERVICES_BASE_PORT = Number(process.env.E2E_SERVICES_BASE_PORT ?? 4180);
/** The old WordPress site's images for the import journey (the content service may fetch from it). */
export const E2E_WORDPRESS_IMAGES_PORT = Number(process.env.E2E_WORDPRESS_IMAGES_PORT ?? 4190);
