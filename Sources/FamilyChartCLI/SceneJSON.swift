import FamilyLayout

/// The scene graph as stable JSON: sorted keys, so equal scenes give equal bytes.
enum SceneJSON {
    static func encode(_ scene: Scene) -> [UInt8] { SceneJSONWriter().write(scene) }
}
