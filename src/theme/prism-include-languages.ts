// Swizzled to a no-op, part of patch prism-slim (PATCHES.md): the site's grammars are registered by src/prism/prism-react-renderer-slim.ts.
// Patch: prism-slim
export default function prismIncludeLanguages(): void {}
