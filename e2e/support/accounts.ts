/** Demo accounts seeded by the server (README 'Demo data'); all use the same password. */
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  superAdmin: {
    email: 'admin@demo.linewalker.app',
    name: 'Dana Whitfield',
    company: 'Linewalker Aerial Services',
  },
  projectManager: { email: 'manager@demo.linewalker.app' },
  inspector: { email: 'inspector@demo.linewalker.app' },
  user: { email: 'user@demo.linewalker.app' },
  customer: { email: 'customer@northernplains.example', company: 'Northern Plains Electric Cooperative' },
  /** A pilot nobody else logs in as: the password-reset journey changes its password. */
  resetPilot: { email: 'grace.kim@demo.linewalker.app' },
} as const;
