/** Who is calling: taken from the verified access token's claims by the HTTP layer. */
export interface AuthContext {
  /** The Cognito `sub`, which is also the user's id in the table. */
  userId: string;
  /** Member of the Cognito `admin` group. */
  isAdmin: boolean;
}
