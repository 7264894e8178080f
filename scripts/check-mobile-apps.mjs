/**
 * `npm test` step (issue #15: "`npx cap sync` runs in CI for both variants without a native SDK
 * present"): for the customer and the worker app, `npm run build:app:<variant>` (the web assets
 * with the variant baked in, then `cap sync` into the committed native projects
 * native/<variant>/{android,ios}), then a check that the sync really landed:
 *  - the built index.html is the one inside both native projects;
 *  - each project's capacitor.config.json names the variant's app id and keeps the plugin
 *    settings of capacitor.config.ts (the splash screen is hidden by the app, not a timer);
 *  - every Capacitor plugin in package.json is wired in: Android's capacitor.settings.gradle and
 *    iOS's Swift package (CapApp-SPM/Package.swift, so no CocoaPods or Xcode is needed to sync).
 * Neither step needs the Android SDK, a JDK, Xcode or CocoaPods: sync copies files and writes
 * Gradle and Swift package manifests; compiling the apps is what needs them (README "Mobile apps").
 *
 * The builds call the API at API_BASE_URL when set, else at a placeholder that cannot resolve
 * (https://api.example.invalid): run `npm run build:app:<variant>` with the real address before
 * opening a native project. Exits 1 with the reasons on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The app id of each variant (capacitor.config.ts APP_VARIANTS; a script cannot import the TypeScript). */
const VARIANTS = { user: 'com.tampahandyman.app', worker: 'com.tampahandyman.pro' };
const apiBase = process.env.API_BASE_URL?.trim() || 'https://api.example.invalid';

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8'));
/** The Capacitor plugins the apps carry (not the runtime, CLI or platform packages). */
const plugins = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies })
  .filter((name) => name.startsWith('@capacitor/') && !['@capacitor/core', '@capacitor/cli', '@capacitor/android', '@capacitor/ios'].includes(name))
  .sort();

const problems = [];
const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** Checks one synced platform project against the built web assets. */
function checkPlatform(variant, platform) {
  const root = `native/${variant}/${platform}`;
  const webRoot = platform === 'android' ? `${root}/app/src/main/assets` : `${root}/App/App`;
  const where = `${variant}/${platform}`;
  if (read(`${webRoot}/public/index.html`) !== read(`dist-app/${variant}/index.html`)) problems.push(`${where}: public/index.html is not the freshly built one`);
  const config = JSON.parse(read(`${webRoot}/capacitor.config.json`) ?? '{}');
  if (config.appId !== VARIANTS[variant]) problems.push(`${where}: capacitor.config.json appId is ${config.appId}, expected ${VARIANTS[variant]}`);
  if (config.plugins?.SplashScreen?.launchAutoHide !== false) problems.push(`${where}: capacitor.config.json lost the plugin settings (SplashScreen.launchAutoHide)`);
  const manifest = platform === 'android' ? read(`${root}/capacitor.settings.gradle`) : read(`${root}/App/CapApp-SPM/Package.swift`);
  for (const plugin of plugins) {
    const dir = `node_modules/${plugin}`;
    if (!manifest?.includes(dir)) problems.push(`${where}: ${plugin} is not wired into ${platform === 'android' ? 'capacitor.settings.gradle' : 'Package.swift'}`);
  }
}

for (const variant of Object.keys(VARIANTS)) {
  const platforms = ['android', 'ios'].filter((platform) => fs.existsSync(`native/${variant}/${platform}`));
  if (platforms.length < 2) problems.push(`native/${variant} should hold both the android and the ios project (found: ${platforms.join(', ') || 'none'})`);
  console.log(`\n--- ${variant} app: build and cap sync (${platforms.join(' + ')})`);
  const build = spawnSync(process.execPath, [path.join('scripts', 'build-app.mjs'), variant], { stdio: 'inherit', env: { ...process.env, API_BASE_URL: apiBase } });
  if (build.status !== 0) {
    problems.push(`npm run build:app:${variant} exited with ${build.status}`);
    continue;
  }
  for (const platform of platforms) checkPlatform(variant, platform);
}

if (problems.length) {
  console.error(`\nMobile apps check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nMobile apps: both variants built and synced into android and ios (${plugins.length} plugins: ${plugins.join(', ')}).`);
