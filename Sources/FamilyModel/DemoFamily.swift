/// Xiaoming's (小明) family from the seed article, as the article's server would send it:
/// four generations, in-laws, an uncle raising a son alone (a single parent), a
/// childless couple, a cousin who stays single and one very long name.
public enum DemoFamily {
    /// 小明 (王小明), the article's narrator: the focus of the demo's ancestor chart.
    public static let xiaoming = "b8"

    /// The demo as seed JSON (children listed on both spouses, as the article's data does).
    public static let json = #"""
    {"generations": [
      [
        {"id": "g1", "name": "王建国", "gender": "male", "age": 88, "coupleID": "g2", "childrenIDs": ["a1", "a3", "a5", "a7"]},
        {"id": "g2", "name": "李秀兰", "gender": "female", "age": 86, "coupleID": "g1", "childrenIDs": ["a1", "a3", "a5", "a7"]}
      ],
      [
        {"id": "a1", "name": "王丽华", "gender": "female", "age": 62, "coupleID": "a2", "childrenIDs": ["b1", "b3"]},
        {"id": "a2", "name": "张伟", "gender": "male", "age": 64, "coupleID": "a1", "childrenIDs": ["b1", "b3"]},
        {"id": "a3", "name": "王建军", "gender": "male", "age": 60, "coupleID": "a4", "childrenIDs": ["b4", "b6", "b7"]},
        {"id": "a4", "name": "刘芳", "gender": "female", "age": 58, "coupleID": "a3", "childrenIDs": ["b4", "b6", "b7"]},
        {"id": "a5", "name": "王建华", "gender": "male", "age": 57, "coupleID": "a6", "childrenIDs": ["b8", "b10"]},
        {"id": "a6", "name": "陈静", "gender": "female", "age": 55, "coupleID": "a5", "childrenIDs": ["b8", "b10"]},
        {"id": "a7", "name": "王建新", "gender": "male", "age": 50, "coupleID": "", "childrenIDs": ["b12"]}
      ],
      [
        {"id": "b1", "name": "张晓燕", "gender": "female", "age": 36, "coupleID": "b2", "childrenIDs": ["c1"]},
        {"id": "b2", "name": "周杰", "gender": "male", "age": 37, "coupleID": "b1", "childrenIDs": ["c1"]},
        {"id": "b3", "name": "张晓东", "gender": "male", "age": 33, "coupleID": "", "childrenIDs": []},
        {"id": "b4", "name": "王大明", "gender": "male", "age": 35, "coupleID": "b5", "childrenIDs": []},
        {"id": "b5", "name": "赵敏", "gender": "female", "age": 34, "coupleID": "b4", "childrenIDs": []},
        {"id": "b6", "name": "王二明", "gender": "male", "age": 32, "coupleID": "", "childrenIDs": []},
        {"id": "b7", "name": "王三明", "gender": "male", "age": 29, "coupleID": "", "childrenIDs": []},
        {"id": "b8", "name": "王小明", "gender": "male", "age": 30, "coupleID": "b9", "childrenIDs": ["c2", "c3"]},
        {"id": "b9", "name": "林婉清", "gender": "female", "age": 29, "coupleID": "b8", "childrenIDs": ["c2", "c3"]},
        {"id": "b10", "name": "王小红", "gender": "female", "age": 27, "coupleID": "b11", "childrenIDs": []},
        {"id": "b11", "name": "Alexander-Maximilian Fitzgerald-Habsburg", "gender": "male", "age": 31, "coupleID": "b10", "childrenIDs": []},
        {"id": "b12", "name": "王小军", "gender": "male", "age": 22, "coupleID": "", "childrenIDs": []}
      ],
      [
        {"id": "c1", "name": "周乐乐", "gender": "female", "age": 8, "coupleID": "", "childrenIDs": []},
        {"id": "c2", "name": "王小宝", "gender": "male", "age": 5, "childrenIDs": []},
        {"id": "c3", "name": "王小贝", "gender": "female", "age": 2}
      ]
    ]}
    """#
}
