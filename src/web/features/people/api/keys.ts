/** Query keys of the people feature. */
export const peopleKeys = {
  myApplications: () => ['worker-applications', 'mine'] as const,
  applications: (status: string) => ['admin', 'worker-applications', status] as const,
  allApplications: () => ['admin', 'worker-applications'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  allUsers: () => ['admin', 'users'] as const,
};
