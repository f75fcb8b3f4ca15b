/**
 * docusaurus-plugin-redoc (what the redocusaurus preset registers for each spec) without its global
 * data. The plugin publishes the whole API description as global data, which Docusaurus bundles into
 * the JavaScript of every page (about 20 KiB of Brotli on each docs page). The /api route already
 * receives the description as route props, and src/theme/ApiDoc passes it on to src/theme/Redoc.
 * The route also carries the page's stylesheet (./stylesheet.ts), so no other page loads it.
 */
import path from 'node:path';
import type {Plugin, PluginModule} from '@docusaurus/types';
import redocPlugin, {validateOptions} from 'docusaurus-plugin-redoc';
import {REDOC_STYLESHEETS, redocStylesheet} from './stylesheet';

type RedocOptions = Parameters<typeof redocPlugin>[1];

const redocRoutePlugin: PluginModule = async (context, options) => {
  const plugin = (await redocPlugin(context, options as RedocOptions)) as unknown as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded!;
  return {
    ...plugin,
    contentLoaded: async (args) => {
      const {actions} = args;
      const stylesheet = await actions.createData('redoc-stylesheet.json', JSON.stringify(redocStylesheet(context.siteDir)));
      return contentLoaded({
        ...args,
        actions: {
          ...actions,
          setGlobalData: () => undefined,
          addRoute: (route) => actions.addRoute({...route, modules: {...route.modules, stylesheet}}),
        },
      });
    },
    getPathsToWatch: () => [...(plugin.getPathsToWatch?.() ?? []), ...REDOC_STYLESHEETS.map((file) => path.join(context.siteDir, file))],
  };
};
redocRoutePlugin.validateOptions = validateOptions as PluginModule['validateOptions'];

export default redocRoutePlugin;
