/** The texts of the user administration screen (docs/product.md#user-management). */
export const USER_MESSAGES = {
  notAuthorized: 'Not authorized - Admin access required',
  empty: 'No users found. Add your first user with the button above.',
  loadFailed: 'Failed to load users',
  addFailed: 'Failed to add user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  resetFailed: 'Failed to send password reset',
  usageFailed: 'Failed to load usage data',
  editMissingId: 'Cannot edit user: ID is missing',
  deleteMissingId: 'Cannot delete user: ID is missing',
  usageMissingId: 'Cannot view usage: User ID is missing',
  protectedAccount: 'This user account cannot be deleted',
  noUsage: 'No usage data available',
  noMessages: "This user hasn't sent any messages yet",
  sendInviteLabel: 'Send invitation email to set password',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid e-mail address',
  budgetInvalid: 'Enter an amount in USD of zero or more, or leave blank for no limit',
} as const;

export const resetEmailSentMessage = (email: string) => `Password reset email sent to ${email}`;
