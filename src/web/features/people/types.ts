/** What the people API answers (src/server/modules/people). */
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export type PersonRole = 'admin' | 'worker' | 'user';

export interface WorkerApplication {
  id: string;
  userId: string;
  fullName: string;
  phone: string;
  services: string[];
  yearsExperience: number;
  areasServed: string;
  availabilitySummary: string;
  licenceInsurance: string;
  uploadId: string | null;
  uploadUrl: string | null;
  status: ApplicationStatus;
  rejectionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** Admin views only. */
  email?: string;
}

export interface ApplicationInput {
  fullName: string;
  phone: string;
  services: string[];
  yearsExperience: number;
  areasServed: string;
  availabilitySummary: string;
  licenceInsurance: string;
  uploadId: string | null;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: PersonRole;
  joinedAt: string;
  bookingsCount: number;
  disabled: boolean;
}

export interface UsersPage {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}
