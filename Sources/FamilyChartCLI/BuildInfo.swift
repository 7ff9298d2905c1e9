internal import CBuildInfo

/// What `familychart --version` says: the version and the commit the binary was built from.
enum BuildInfo {
    /// `git describe` of the tree scripts/package built, or the commit `git archive` wrote
    /// into a source tarball; `nil` for a plain `swift build` of a checkout.
    static var commit: String? {
        let defined = String(cString: CBuildInfo_defined_commit())
        if !defined.isEmpty { return defined }
        let archived = String(cString: CBuildInfo_archived_commit())
        return archived.isEmpty || archived.hasPrefix("$Format") ? nil : archived
    }

    static var versionLine: String {
        "familychart \(FamilyChartCLI.version) (commit \(commit ?? "unknown: built without scripts/package"))"
    }
}
