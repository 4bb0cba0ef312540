/** The caller, as the token guard established it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  /** 'kid' from the custom claim; 'parent' from the claim or a parents row; null otherwise. */
  role: 'parent' | 'kid' | null;
  admin: boolean;
  /** For kids: the parent's uid from the custom claim. */
  parentUid: string | null;
  claims: Record<string, unknown>;
}
