/**
 * What runs after the build, in one declared order. Docusaurus calls every plugin's postBuild at once, but the
 * steps read each other's files: the CSP scan hashes the inline scripts of every page, so it must come after
 * the critical CSS and the redirect pages are written; llms-full.txt is made of the Markdown twins; the offline
 * copy lists every file of the build. So this plugin runs them one after the other, in the order its options
 * name them (`order`, plugin names), each once the one before has finished.
 *
 * A plugin takes part with its own postBuild, marked as a step: `afterBuildStep(fn)` in the site's plugins,
 * `inAfterBuild(plugin)` around a library's plugin in docusaurus.config.ts. Docusaurus' own call of a step
 * does nothing; the pipeline calls it with the same props (`plugins`, and the plugin's own `content`), and a
 * step takes what it needs from them, such as the API model from the `api` plugin's content.
 *
 * The build fails, naming the plugin, when a step of the order is not loaded or not marked, and when a
 * plugin with a postBuild is neither in the order nor in `beside` (the steps that read and write nothing the
 * others do, left to run at once beside the pipeline).
 */
import type {LoadContext, LoadedPlugin, Plugin} from '@docusaurus/types';

export type AfterBuildOptions = {
  /** The names of the plugins whose postBuild runs after the build, in the order they run. */
  order: string[];
  /** The names of the plugins whose postBuild runs beside the pipeline, at once. */
  beside: string[];
};

type PostBuild<Content> = NonNullable<Plugin<Content>['postBuild']>;
export type AfterBuildProps<Content = unknown> = Parameters<PostBuild<Content>>[0];

const PLUGIN_NAME = 'after-build';

/** Set on the props the pipeline passes: a step runs only when it is there. */
const CALLED_BY_PIPELINE = Symbol('after-build: called by the pipeline');
/** Set on a step's function, so that the pipeline knows Docusaurus' own call of it does nothing. */
const STEP = Symbol('after-build: step');

type Step<Content> = PostBuild<Content> & {[STEP]?: true};

/** A postBuild that runs when the after-build pipeline calls it, in its turn, and not when Docusaurus does. */
export function afterBuildStep<Content>(run: PostBuild<Content>): PostBuild<Content> {
  const step: Step<Content> = async (props) => {
    if (CALLED_BY_PIPELINE in props) await run(props);
  };
  step[STEP] = true;
  return step;
}

/** A library's plugin whose postBuild becomes a step of the after-build pipeline. */
export function inAfterBuild<Content>(plugin: Plugin<Content> | null): Plugin<Content> | null {
  if (!plugin?.postBuild) return plugin;
  return {...plugin, postBuild: afterBuildStep(plugin.postBuild.bind(plugin))};
}

function isStep(plugin: LoadedPlugin): boolean {
  const postBuild: Step<unknown> | undefined = plugin.postBuild;
  return postBuild?.[STEP] === true;
}

/** The plugins of `order`, in that order; throws, naming each problem, when the build's plugins do not match. */
export function orderedSteps(plugins: LoadedPlugin[], {order, beside}: AfterBuildOptions): LoadedPlugin[] {
  const problems: string[] = [];
  const steps = order.flatMap((name) => {
    const found = plugins.filter((plugin) => plugin.name === name);
    if (found.length !== 1) problems.push(`"${name}" is in the order, and ${found.length} plugins have that name`);
    else if (!isStep(found[0])) {
      problems.push(
        `"${name}" is in the order, but its postBuild is not marked as a step (afterBuildStep, inAfterBuild)`,
      );
    }
    return found;
  });
  for (const plugin of plugins) {
    if (!plugin.postBuild || plugin.name === PLUGIN_NAME || beside.includes(plugin.name)) continue;
    if (!order.includes(plugin.name))
      problems.push(`"${plugin.name}" has a postBuild, and it is neither in the order nor beside it`);
  }
  if (problems.length) {
    throw new Error(
      `after-build (src/plugins/after-build): the order of the steps after the build does not match the build's plugins:\n  ${problems.join('\n  ')}`,
    );
  }
  return steps;
}

/** The plugin; its options are an `AfterBuildOptions` (Docusaurus passes a plugin's options untyped). */
export default function afterBuild(_context: LoadContext, options: unknown): Plugin {
  return {
    name: PLUGIN_NAME,
    async postBuild(props) {
      for (const plugin of orderedSteps(props.plugins, options as AfterBuildOptions)) {
        const called = {...props, content: plugin.content, [CALLED_BY_PIPELINE]: true};
        await plugin.postBuild!(called);
      }
    },
  };
}
