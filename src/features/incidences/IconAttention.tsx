/** The attention (warning triangle) icon of an incidence that requires attention. */
export function IconAttention({ size = 20, title }: { size?: number; title: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      role="img"
    >
      <title>{title}</title>
      <path d="M12 3 2 21h20L12 3z" strokeLinejoin="round" />
      <path d="M12 10v5M12 18v.01" strokeLinecap="round" />
    </svg>
  );
}
