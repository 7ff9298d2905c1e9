import FamilyLayout
import Foundation

/// The scene graph as stable JSON: sorted keys, so equal scenes give equal bytes.
enum SceneJSON {
    static func encode(_ scene: Scene) throws(CLIError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(scene)) + [0x0A]
        } catch {
            throw .other("cannot encode the scene: \(error)")
        }
    }
}
