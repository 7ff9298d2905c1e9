/// One fan cell's label waiting to be fitted with the others of its ring.
struct FanLabelJob {
    var ring: Int
    var person: Int
    var id: String
    var content: FanLabelContent
    var forms: [[String]]
    var wedge: FanLabelFitting.Wedge
    var orientations: [FanLabelFitting.Orientation]
    var bold: Bool
    /// The centre: a form set at least this large where one fits (the focus is never
    /// smaller than their parents).
    var atLeast: Double?
}

/// The labels of one ring, fitted so that two persons never say the same: where the forms
/// chosen for different persons read alike ("A. N. Romanov" for Anastasia and Alexis,
/// "Hohenzollern" twice), each of them keeps only the forms no other of them can say and
/// is fitted again (a richer form, perhaps smaller). Persons with the same whole name stay
/// alike. At most `rounds` rounds.
enum FanUniqueLabels {
    static let rounds = 3

    /// - Complexity: O(n · f) for n labels of f forms, plus a fitting per label that read alike.
    static func fit(_ jobs: [FanLabelJob], fitting: FanLabelFitting, cap: Double) -> [FanLabelFitting.Fitted?] {
        func fitted(_ k: Int, _ forms: [[String]]) -> FanLabelFitting.Fitted? {
            fitting.fit(forms, in: jobs[k].wedge, orientations: jobs[k].orientations, cap: cap, bold: jobs[k].bold,
                        person: jobs[k].id, atLeast: jobs[k].atLeast)
        }
        var forms = jobs.map(\.forms)
        var chosen = jobs.indices.map { fitted($0, forms[$0]) }
        for _ in 0..<rounds {
            var byKey: [String: [Int]] = [:]
            for (k, label) in chosen.enumerated() {
                if let label { byKey[jobs[k].content.nameKey(of: label.lines), default: []].append(k) }
            }
            var changed = false
            for members in byKey.values where Set(members.map { jobs[$0].person }).count > 1 {
                let wholeNames = Set(members.map { jobs[$0].content.nameKey(of: jobs[$0].forms[0]) })
                guard wholeNames.count > 1 else { continue }  // the same name: nothing tells them apart
                // How many of the group's persons can say each form.
                var sayers: [String: Set<Int>] = [:]
                for k in members {
                    for form in forms[k] { sayers[jobs[k].content.nameKey(of: form), default: []].insert(jobs[k].person) }
                }
                for k in members {
                    let own = forms[k].filter { sayers[jobs[k].content.nameKey(of: $0)]! == [jobs[k].person] }
                    guard !own.isEmpty, own.count < forms[k].count, let label = fitted(k, own) else { continue }
                    forms[k] = own
                    chosen[k] = label
                    changed = true
                }
            }
            if !changed { break }
        }
        return chosen
    }
}
