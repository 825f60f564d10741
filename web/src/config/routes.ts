// The route table is shared: the build's prerender, the local server and the CloudFront function read it too.
export * from '#shared/pages.ts';
