import Charts
import Extras

let chart = Chart()
let extra = Extra()
