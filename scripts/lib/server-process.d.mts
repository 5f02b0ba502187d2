export declare const SERVER_PROCESS_ENV: Readonly<{ MALLOC_MMAP_THRESHOLD_: string }>;
