/** Links in e-mails: pages of the web app (spec section 2), under PUBLIC_URL. */
export function confirmEmailLink(publicUrl: string, userId: string, code: string, newEmail?: string): string {
  const query = new URLSearchParams({ userId, code, ...(newEmail === undefined ? {} : { newEmail }) });
  return `${publicUrl}/authentication/confirmemail?${query}`;
}

export function resetPasswordLink(publicUrl: string, userId: string, resetCode: string): string {
  return `${publicUrl}/authentication/resetpassword?${new URLSearchParams({ userId, resetCode })}`;
}

export function forgotPasswordLink(publicUrl: string): string {
  return `${publicUrl}/authentication/forgotpassword`;
}

/** The web app's page of an organization invitation (accept or decline, signed in). */
export function invitationLink(publicUrl: string, invitationId: string): string {
  return `${publicUrl}/user/invitations/${encodeURIComponent(invitationId)}`;
}
