import Foundation
import PackagePlugin

/// Embeds the interactive page's script and style (`Web/Page/*.js`, `*.css` of the target)
/// into the target's code at build time, through `EmbedPageAssets`: the files stay real
/// JavaScript and CSS in the tree (checked by `node --check` and `node --test` in the suite),
/// and the built binary needs nothing beside it at run time.
@main
struct PageAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Web/Page")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["js", "css"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "PageAssets.swift")
        return [.buildCommand(displayName: "Embedding the page's script and style (\(files.count) files)",
                              executable: try context.tool(named: "EmbedPageAssets").url,
                              arguments: [output.path] + files.map(\.path),
                              inputFiles: files, outputFiles: [output])]
    }
}
