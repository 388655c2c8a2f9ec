// archlint:disable:next cross-feature-import - the card moves behind an interface next release
import GachaFeature

struct HomeCard {}
