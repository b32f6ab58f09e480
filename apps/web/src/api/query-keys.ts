/** Query keys of the entities shared by several features, so invalidation names one place. */
export const queryKeys = {
  publicConfig: ['config', 'public'] as const,
  user: (id: string) => ['user', id] as const,
  groups: (userId: string) => ['groups', userId] as const,
  company: (id: string) => ['company', id] as const,
  notifications: (userId: string, companyId: string) => ['notifications', userId, companyId] as const,
};
