// The app's import layers (docs/architecture.md, web layout): app → features → shared.
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

// Features that import another feature, each with the reason the dependency
// is right (a page that is made of another feature's whole section, not a
// piece both could share). A new entry is a decision to make on purpose, with
// its reason beside it; a piece two features need belongs in src/components or
// src/lib instead.
const featureExceptions = {
  // The chat panel's message is an enquiry lead: it opens the leads feature's
  // own form and hands it the car, so the lead is planned, checked and sent
  // in one place.
  chat: ['leads'],
  // Checkout's deposit request is a lead, sent through the leads feature's
  // form and submit hook like every other lead.
  checkout: ['leads'],
  // The home page is a composition of sections: its locations and reviews
  // blocks are those features' own sections, drawn as they are on their pages.
  home: ['locations', 'reviews'],
  // The header's account link opens the account feature's sign-in, which
  // only that feature knows.
  layout: ['account'],
  // A location's page shows that location's reviews, as the reviews feature
  // draws them.
  locations: ['reviews'],
  // Model and content pages end with the leads feature's form, which alone
  // knows how a lead is planned and sent.
  models: ['leads'],
  pages: ['leads'],
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
