// One product in a card grid (products listing, country pages): built by lib/pages/product-cards.ts,
// drawn by components/blocks/product-cards.tsx.
export type ProductCard = { id: string; name: string; summary: string; href: string; spec: { diameter: string; stitches: string } }
