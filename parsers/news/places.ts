/**
 * Places of incorporation a name may close with in parentheses ("Electron Transfer Technologies, Inc. (New Jersey)",
 * "Tesla Energy Operations, Inc. (Delaware)"): the US states, Canada's provinces and the countries subsidiaries are
 * incorporated in. Underscores stand for spaces.
 */
export const PLACES = new Set(
  'alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas utah vermont virginia washington west_virginia wisconsin wyoming district_of_columbia puerto_rico argentina australia austria bahamas bahrain barbados belgium bermuda brazil british_virgin_islands bulgaria canada cayman_islands chile china colombia costa_rica croatia cyprus czech_republic denmark dominican_republic ecuador egypt england estonia finland france germany ghana gibraltar greece guatemala guernsey hong_kong hungary iceland india indonesia ireland isle_of_man israel italy jamaica japan jersey jordan kazakhstan kenya korea south_korea kuwait latvia lebanon liechtenstein lithuania luxembourg macau malaysia malta mauritius mexico monaco morocco netherlands new_zealand nigeria northern_ireland norway oman pakistan panama peru philippines poland portugal qatar romania russia saudi_arabia scotland serbia singapore slovakia slovenia south_africa spain sri_lanka sweden switzerland taiwan thailand trinidad turkey ukraine united_arab_emirates uae united_kingdom uk u.k. united_states usa u.s. u.s.a. uruguay venezuela vietnam wales alberta british_columbia manitoba new_brunswick newfoundland nova_scotia ontario quebec saskatchewan'
    .split(' ')
    .map((p) => p.replace(/_/g, ' ')),
);
