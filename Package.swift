// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FamilyChart",
    products: [
        .executable(name: "familychart", targets: ["familychart"]),
        .library(name: "FamilyModel", targets: ["FamilyModel"]),
        .library(name: "FamilyLayout", targets: ["FamilyLayout"]),
        .library(name: "FamilyPainter", targets: ["FamilyPainter"]),
    ],
    targets: [
        // Cairo, Pango and fontconfig, bound once. Only FamilyPainter imports it.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // The painter's image codecs in C: JPEG through libjpeg-turbo (decoding with the
        // budgets hostile photos need, encoding), PNG read from memory through Cairo, zlib.
        .target(
            name: "CImageCodecs",
            dependencies: ["CCairo"],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("z")]
        ),
        // The commit `familychart --version` names (defined by scripts/package, or written by git archive).
        .target(name: "CBuildInfo"),
        // Pure Swift: persons, seed JSON import, validation, synthetic families.
        .target(name: "FamilyModel"),
        // Pure Swift: tidy layout producing the scene graph.
        .target(name: "FamilyLayout", dependencies: ["FamilyModel"]),
        // Draws a scene into PNG, PDF or SVG through Cairo and Pango.
        // Its interactive page's script and style are real files (Web/Page), embedded at build time.
        .target(name: "FamilyPainter", dependencies: ["FamilyLayout", "CCairo", "CImageCodecs"],
                exclude: ["Web/Page"], plugins: ["PageAssets"]),
        // Writes Web/Page/*.js and *.css into Swift string constants, for the PageAssets plugin.
        .executableTarget(name: "EmbedPageAssets"),
        .plugin(name: "PageAssets", capability: .buildTool(), dependencies: ["EmbedPageAssets"]),
        // Many families to thumbnails: parallel, resumable, shardable.
        .target(name: "FamilyBatch", dependencies: ["FamilyModel", "FamilyLayout", "FamilyPainter"]),
        // The command-line front: argument parsing, commands, exit codes.
        .target(name: "FamilyChartCLI", dependencies: ["FamilyModel", "FamilyLayout", "FamilyPainter", "FamilyBatch", "CBuildInfo"]),
        .executableTarget(name: "familychart", dependencies: ["FamilyChartCLI", "FamilyPainter"]),

        .target(name: "TestSupport", dependencies: ["FamilyModel", "FamilyLayout"], path: "Tests/TestSupport"),
        .testTarget(name: "FamilyModelTests", dependencies: ["FamilyModel", "TestSupport"]),
        .testTarget(name: "FamilyLayoutTests", dependencies: ["FamilyLayout", "TestSupport"]),
        .testTarget(name: "FamilyPainterTests", dependencies: ["FamilyPainter", "TestSupport"]),
        .testTarget(name: "FamilyBatchTests", dependencies: ["FamilyBatch", "FamilyLayout", "FamilyPainter", "TestSupport"]),
        .testTarget(name: "FamilyChartCLITests", dependencies: ["FamilyChartCLI", "TestSupport"]),
    ]
)
