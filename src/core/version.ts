/** The version label every result carries (kept equal to package.json by a test). */
export const GLOSA_VERSION = '0.1.0';
