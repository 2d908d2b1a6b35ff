import Foundation
import PackagePlugin

/// Builds the allocation counter (Sources/CAllocationInterposer/AllocationCounter.c) into
/// `libsimbench-allocations.so`, a resource of the target it is applied to.
///
/// The counter interposes glibc's allocator, and an interposer costs every allocation a few
/// nanoseconds. So it is never linked into the process that times: the harness preloads this
/// library into an untimed child that counts (`AllocationPass`). SwiftPM builds no shared
/// library that the executable does not link, so this plugin builds it with the toolchain's
/// own C compiler, as part of every build that needs it (`swift run`, a user's package that
/// depends on SimBench).
@main
struct AllocationLibrary: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        #if os(macOS)
            // The counter interposes glibc's allocator (__libc_malloc …), which macOS does
            // not have: no library, and the harness says allocation counting is unavailable
            // there (Platform.allocationCountingUnavailable) instead of failing the build.
            return []
        #else
            let compiler = try context.tool(named: "clang")
            let source = context.package.directoryURL
                .appending(path: "Sources/CAllocationInterposer/AllocationCounter.c")
            let headers = context.package.directoryURL
                .appending(path: "Sources/CAllocationInterposer/include")
            let library = context.pluginWorkDirectoryURL.appending(
                path: "libsimbench-allocations.so")
            return [
                .buildCommand(
                    displayName: "Building the allocation counter library",
                    executable: compiler.url,
                    // Optimised whatever the build's configuration: the counted child pays it on
                    // every allocation. No sanitizer: a sanitizer's runtime owns the allocator,
                    // and the harness never preloads this into a sanitized build.
                    arguments: [
                        "-shared", "-fPIC", "-O2", "-std=c11", "-Wall", "-Werror",
                        "-fvisibility=hidden", "-I", headers.path, "-o", library.path, source.path,
                    ],
                    inputFiles: [source, headers.appending(path: "CAllocationInterposer.h")],
                    outputFiles: [library])
            ]
        #endif
    }
}
