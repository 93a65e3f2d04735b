/**
 * Hand-written beside the generated places.ts: names of large European cities as the six
 * supported languages write them, where GeoNames' English name differs ("Roma", "Milano", "Den
 * Haag", "München", "Lisboa"; "Londres", "Mailand", "Keulen"), and English names of countries that
 * GeoNames lacks ("Britain", as results lists write `(Britain)`). Lower case, comma-separated.
 */
export const PLACES_NATIVE = `
roma, milano, napoli, torino, firenze, venezia, genova, mantova, siracusa, münchen, wien, lisboa, bruxelles,
brussel, luik, luzern, den haag, 's-gravenhage, praha, warszawa, bucurești, moskva, athína, beograd,
københavn, frankfurt am main, mechelen, leuven, kortrijk, a coruña, donostia, vitoria-gasteiz, iruña,
dunkerque, londres, lisbonne, múnich, munique, colonia, colónia, cologne, milán, milão, turín, turim,
florença, venise, venecia, veneza, gênes, génova, nápoles, bruselas, bruxelas, ginebra, genebra, viena,
vienne, varsovia, varsóvia, varsovie, atenas, athènes, moscú, moscou, estocolmo, mailand, rom, neapel,
venedig, florenz, genf, brüssel, lissabon, warschau, prag, moskau, athen, londra, parigi, ginevra, lisbona,
varsavia, praga, mosca, atene, berlino, parijs, londen, keulen, milaan, napels, venetië, wenen, praag,
moskou, athene, berlijn, parís, berlín, berlim, anversa, anvers, amberes, antuérpia, britain, great britain
`;
