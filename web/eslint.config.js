// The app's import layers (DESIGN.md, web layout): app → features → shared.
// - src/app (with the entry points and the server renderer) may import
//   features and shared code;
// - a feature (src/features/X) may import shared code (components, lib,
//   config, testing) and itself, but not the app and not another feature,
//   save the existing exceptions listed below;
// - shared code may import neither features nor the app.
import { readdirSync } from 'node:fs'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

// Features that import another feature today. Each is a seam still to cut
// (move the shared part to lib or components, or compose in the app); the
// list may shrink, and a new entry is a decision to make on purpose.
const featureExceptions = {
  'car-card': ['favourites'],
  chat: ['leads'],
  checkout: ['car-card', 'layout', 'leads', 'vehicle'],
  compare: ['car-card'],
  favourites: ['car-card'],
  finance: ['car-card'],
  home: ['car-card', 'locations', 'pages', 'reviews'],
  layout: ['account', 'favourites', 'pages'],
  locations: ['reviews'],
  models: ['leads'],
  pages: ['leads'],
  search: ['car-card'],
  vehicle: ['favourites'],
}

// Relative paths into the upper layers, from shared code.
const climbUp = {
  regex: '(^|/)\\.\\./(features|app|ssr)(/|$)',
  message: 'Shared code does not import features or the app.',
}

const appImport = {
  group: ['@/app', '@/app/**', '@/ssr', '@/ssr/**'],
  message: 'Features and shared code do not import the app: the app composes them.',
}

const featureImport = (allowed) => ({
  group: ['@/features/*', '@/features/*/**', ...allowed.flatMap((f) => [`!@/features/${f}`, `!@/features/${f}/**`])],
  message: 'A feature imports shared code (components, lib, config, testing), not another feature.',
})

// From a feature's file, ../../ leaves the feature; the Go side's shared
// test vectors (five levels up, in internal/) are the one place reached so.
const leaveFeature = {
  regex: '^\\.\\./\\.\\./(?!\\.\\./\\.\\./\\.\\./internal/)',
  message: "A relative import stays inside its feature; name shared code as '@/…'.",
}

export default defineConfig(
  { ignores: ['dist/**', 'ssr/**', 'node_modules/**', 'src/lib/api-types.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' },
    // The code names a few rules in its directives (hooks' dependencies,
    // the server renderer's stand-ins for browser globals); only the hooks'
    // are checked here, so the others' directives are not reported unused.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [appImport, featureImport([name, ...(featureExceptions[name] ?? [])]), leaveFeature] },
      ],
    },
  })),
  // A feature's route-level tests render its page through the app's route
  // (the way a visitor reaches it): tests may import the app.
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [featureImport([name, ...(featureExceptions[name] ?? [])]), leaveFeature] }],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}', 'src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appImport,
            { group: ['@/features', '@/features/**'], message: 'Shared code does not import features.' },
            climbUp,
          ],
        },
      ],
    },
  },
  // The test harness renders the whole app, as a visitor meets it.
  {
    files: ['src/testing/render-app.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features', '@/features/**'], message: 'Shared code does not import features.' }] },
      ],
    },
  },
)
