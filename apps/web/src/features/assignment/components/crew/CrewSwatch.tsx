/** The colour dot a crew group is recognised by on the map. */
export function CrewSwatch({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
        boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.25)',
      }}
    />
  );
}
