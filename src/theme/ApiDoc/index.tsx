// Swizzled (wrapped) from docusaurus-theme-redoc: puts the reference in the page's main landmark, under a note of the ODE release it describes, and gives the page a short meta description.
import React from 'react';
import Layout from '@theme/Layout';
import Redoc from '@theme/Redoc';
import type {Props as LayoutProps} from '@theme/Layout';
import ReleaseNote from '@site/src/components/ReleaseNote';

type Props = {
  specProps: {spec: {info: {title: string; version: string}}; url?: string};
  layoutProps?: Omit<LayoutProps, 'children'>;
  /** The page's stylesheet (src/plugins/redoc-route/stylesheet.ts). */
  stylesheet: string;
};

export default function ApiDoc({specProps, layoutProps, stylesheet}: Props): React.JSX.Element {
  const {title, version} = specProps.spec.info;
  return (
    <Layout
      title={title}
      description={`Reference of the ${title} ${version}: every call with its roles, parameters, responses, examples and schemas.`}
      {...layoutProps}>
      <main>
        <ReleaseNote />
        {/* The description comes with the route (src/plugins/redoc-route publishes no global data). */}
        <Redoc spec={specProps.spec} url={specProps.url} stylesheet={stylesheet} />
      </main>
    </Layout>
  );
}
