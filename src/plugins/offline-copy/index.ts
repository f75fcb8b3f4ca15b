/**
 * plugin-pwa, the reader's offline copy of the site (src/offline/ says when it is saved), whose list of files
 * also holds the Markdown twins, so that "Copy page as Markdown" works offline.
 *
 * The plugin lists the files its own glob patterns match (pages, scripts, styles, JSON such as the search
 * index, images, fonts), and these cannot be extended. Its postBuild is the last step of the after-build
 * pipeline (src/plugins/after-build), once every file is written; the twins exist only then, so the step
 * makes the plugin again with them in workbox's `additionalManifestEntries`, an option the plugin passes on
 * to workbox (`injectManifestConfig`).
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import type {PluginOptions as PwaOptions} from '@docusaurus/plugin-pwa';
import {afterBuildStep} from '../after-build';
import {twinManifestEntries} from '../markdown-twins';

/**
 * plugin-pwa's module as Docusaurus loads a plugin named in the configuration (its package's main module:
 * the plugin and its `validateOptions`); the package's published types declare only its options.
 */
type PwaModule = {
  default: (context: LoadContext, options: PwaOptions) => Plugin | null;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};
const pwa = createRequire(__filename)('@docusaurus/plugin-pwa') as PwaModule;

/**
 * The service worker's modules (src/offline/), set here rather than in the site's configuration: the options
 * written there are serialised into main.js, and these absolute paths would publish the builder's folder and
 * make every checkout's build differ.
 */
const SERVICE_WORKER_MODULES = {
  swRegister: path.resolve(__dirname, '../../offline/register.ts'),
  swCustom: path.resolve(__dirname, '../../offline/sw.js'),
};

const offlineCopy: PluginModule = (context, options) => {
  const pwaOptions = {...(options as PwaOptions), ...SERVICE_WORKER_MODULES};
  const plugin = pwa.default(context, pwaOptions);
  // No plugin outside a production build, as plugin-pwa itself.
  if (!plugin?.postBuild) return plugin;
  return {
    ...plugin,
    postBuild: afterBuildStep(async (props) => {
      const {injectManifestConfig} = pwaOptions;
      const additionalManifestEntries = [
        ...(injectManifestConfig.additionalManifestEntries ?? []),
        ...(await twinManifestEntries(props.outDir)),
      ];
      const withTwins = pwa.default(context, {
        ...pwaOptions,
        injectManifestConfig: {...injectManifestConfig, additionalManifestEntries},
      });
      await withTwins!.postBuild!(props);
    }),
  };
};
offlineCopy.validateOptions = pwa.validateOptions;

export default offlineCopy;
