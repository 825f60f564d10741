// Imported first by the local stack: the stand-ins run on the developer's Node 20, where the AWS SDKs
// print support notices on every start (v2 is cognito-local's; our Lambdas run Node 22 on AWS).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
export {};
