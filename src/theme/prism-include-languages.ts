// Swizzled to a no-op, part of patch prism-slim (PATCHES.md): the site's grammars are registered by src/plugins/lean-delivery/prism-react-renderer-slim.ts.
export default function prismIncludeLanguages(): void {}
