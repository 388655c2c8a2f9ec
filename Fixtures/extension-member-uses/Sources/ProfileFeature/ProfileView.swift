// `filter` is the standard library's here; ReducerHelpers declares a `filter` in an extension too, but modules that
// can't see ReducerHelpers use the name as well, so it says nothing about ReducerHelpers, which stays unused.
struct ProfileModel {
    let scores = [3, 1, 2]

    var best: [Int] { scores.filter { $0 > 1 } }
}
