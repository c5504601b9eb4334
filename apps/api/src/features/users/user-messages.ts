/** The details of the users' and password links' answers and refusals, as the client shows them. */
export const DETAILS = {
  userNotFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  protectedDelete: 'This user account cannot be deleted',
  protectedRole: 'The role of this user account cannot be changed',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove your own admin role',
  invalidToken: 'Invalid password reset link: invalid token',
  expiredToken: 'Password reset link has expired: token expired',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  passwordUpdated: 'Password has been updated',
  resetThrottled: 'Too many password reset requests. Please wait and try again.',
} as const;
