/** One line a reviewer reads for an audit record of a review action (the viewer's history panel). */
export function describeReviewAction(action: string, details: Record<string, unknown> | null): string | null {
  const d = details ?? {};
  const text = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  switch (action) {
    case 'inspection.complete':
      return 'Completed the inspection';
    case 'inspection.reshoot_request':
      return `Requested a reshoot: ${text('reason') ?? ''}`.trim();
    case 'inspection.reshoot_withdraw':
      return d.changed === false ? 'Withdraw (no reshoot was requested)' : 'Withdrew the reshoot request';
    case 'inspection.escalate':
      return 'Escalated the inspection';
    case 'images.reject': {
      const n = typeof d.count === 'number' ? d.count : 1;
      return `Rejected ${n === 1 ? 'a photo' : `${n} photos`}: ${text('reason') ?? ''}`.trim();
    }
    case 'image.unreject':
      return 'Restored the photo';
    case 'image.note':
      return `Saved the note: ${text('note') ?? ''}`.trim();
    case 'annotation.create':
      return `Added annotation ${d.annotationNumber ?? ''} (${text('component') ?? 'no component'}, risk ${d.riskLevel ?? '?'})`;
    case 'annotation.delete':
      return `Deleted annotation ${d.annotationNumber ?? ''}`.trim();
    case 'image.identifier':
      return text('identifier')
        ? `Set the shot identifier: ${text('identifier')}`
        : 'Cleared the shot identifier';
    case 'image.stepclip': {
      const to = (d.to ?? {}) as Record<string, unknown>;
      const angles = ['topangleouter', 'topangle', 'bottomangleouter', 'bottomangle'].map((k) => to[k]);
      return `Saved the step-clip angles: ${angles.join(', ')}`;
    }
    case 'image.viewed':
      return 'Viewed the photo first';
    case 'image.zoomed':
      return 'Zoomed into the photo first';
    default:
      return null;
  }
}
