import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { baseUrlOf } from "./e2e/support/projects";

// `npm run screenshots`: every page at a phone's width and a laptop's, in both languages, into
// screenshots/ (not tracked), for reviewing the design (issue 16). Not a test: `npm test` never
// runs it (its files end in .shots.ts). Uses the e2e shop (global setup) and its page helpers.
const chromium = base.projects?.[0]?.use?.launchOptions;

export default defineConfig({
  ...base,
  testMatch: "**/*.shots.ts",
  reporter: [["list"]],
  timeout: 180_000,
  workers: 2,
  projects: [
    {
      name: "phone",
      use: {
        launchOptions: chromium,
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        baseURL: baseUrlOf("js"),
      },
    },
    {
      name: "laptop",
      use: {
        launchOptions: chromium,
        viewport: { width: 1280, height: 800 },
        baseURL: baseUrlOf("js"),
      },
    },
  ],
});
