@testable import FamilyLayout
import Testing

/// The gaps between rows: as tall as the style's row gap until their tracks need more,
/// tracks kept 6 pt apart (5 pt clear), and with `--compact`'s narrower pad a gap of many
/// tracks grows by less.
@Suite struct FamilyGeometryTests {
    /// The gap below the first of two rows holding `tracks` tracks.
    private func gap(tracks: Int, pad: Double) -> (height: Double, trackY: [Double]) {
        let geometry = FamilyGeometry(rows: 2, boxHeight: 52, rowGap: 36, archDepth: [0, 0], tracks: [tracks, 0], pad: pad)
        return (geometry.rowTop[1] - 52, geometry.trackY[0].map { $0 - 52 })
    }

    @Test(arguments: [FamilyGeometry.trackPad, FamilyGeometry.compactTrackPad])
    func tracksKeepClearOfEachOtherAndOfTheBoxes(pad: Double) {
        for count in 1...30 {
            let (height, ys) = gap(tracks: count, pad: pad)
            #expect(ys.count == count)
            #expect(height >= 36)
            for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= FamilyGeometry.minimumTrackSpacing - 1e-9) }
            if count > 1 {
                #expect(ys.first! >= pad - 1e-9 && height - ys.last! >= pad - 1e-9)
            }
        }
    }

    @Test func theCompactPadLetsAGapOfFiveTracksKeepItsHeight() {
        #expect(gap(tracks: 4, pad: FamilyGeometry.trackPad).height == 36)
        #expect(gap(tracks: 5, pad: FamilyGeometry.trackPad).height == 42)
        #expect(gap(tracks: 5, pad: FamilyGeometry.compactTrackPad).height == 36)
        // Beyond, each track adds its 6 pt either way, the compact gap 6 pt less tall.
        for count in 6...20 {
            #expect(gap(tracks: count, pad: FamilyGeometry.trackPad).height
                    - gap(tracks: count, pad: FamilyGeometry.compactTrackPad).height == 6)
        }
    }
}
