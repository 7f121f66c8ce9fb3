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

// Features that import another feature, each with the reason it does.
// A new entry is a decision to make on purpose, with its reason beside it.
const featureExceptions = {
  // A card's heart button keeps the visitor's favourites list.
  'car-card': ['favourites'],
  // The chat panel sends its message as an enquiry lead.
  chat: ['leads'],
  // Checkout shows the car's price lines as a card does, sends its deposit
  // request as a lead and reuses the car page's reserve rules and fixture.
  checkout: ['car-card', 'leads', 'vehicle'],
  // Compare and favourites list cars as result cards.
  compare: ['car-card'],
  favourites: ['car-card'],
  // The finance page names the chosen car with the card's price words.
  finance: ['car-card'],
  // The home page is made of other features' sections: stock cards, the
  // locations, the pages a site offers and its reviews.
  home: ['car-card', 'locations', 'pages', 'reviews'],
  // The header carries the account and favourites links and the site's own
  // pages.
  layout: ['account', 'favourites', 'pages'],
  // A location's page shows that location's reviews.
  locations: ['reviews'],
  // Model and content pages end with a lead form.
  models: ['leads'],
  pages: ['leads'],
  // The results grid's tests use the card's car fixture.
  search: ['car-card'],
  // The car page's save button keeps the visitor's favourites list.
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
