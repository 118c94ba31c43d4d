/** Types of ./build.mjs (plain JavaScript, so that `npm start` needs no tsx). */
export declare const root: string;
export declare const manifestFile: string;
export declare const serverDir: string;
export declare const serverEntry: string;
export declare const serverNodeFlags: string[];
export declare function needsBuild(): boolean;
export declare function needsServerBuild(): boolean;
export declare function buildSpa(): void;
export declare function buildServer(): Promise<void>;
export declare const processBundleDir: string;
export declare function buildProcessBundle(): Promise<void>;
