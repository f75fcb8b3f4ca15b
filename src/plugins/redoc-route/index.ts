/**
 * docusaurus-plugin-redoc (what the redocusaurus preset registers for each spec) without its global
 * data. The plugin publishes the whole API description as global data, which Docusaurus bundles into
 * the JavaScript of every page (about 20 KiB of Brotli on each docs page). The /api route already
 * receives the description as route props, and src/theme/ApiDoc passes it on to src/theme/Redoc.
 */
import type {Plugin, PluginModule} from '@docusaurus/types';
import redocPlugin, {validateOptions} from 'docusaurus-plugin-redoc';

type RedocOptions = Parameters<typeof redocPlugin>[1];

const redocRoutePlugin: PluginModule = async (context, options) => {
  const plugin = (await redocPlugin(context, options as RedocOptions)) as unknown as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded!;
  return {
    ...plugin,
    contentLoaded: (args) => contentLoaded({...args, actions: {...args.actions, setGlobalData: () => undefined}}),
  };
};
redocRoutePlugin.validateOptions = validateOptions as PluginModule['validateOptions'];

export default redocRoutePlugin;
